// Every public page in both languages at the width of a small phone (320 px) and a tablet in portrait (820 px): layout, contrast and the console. The walk and its checks are in test/e2e/layout-walk.ts.
import { walkEveryPage } from './layout-walk';

walkEveryPage([320,820]);
