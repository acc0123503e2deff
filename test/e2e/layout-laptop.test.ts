// Every public page in both languages at the width of a laptop (1280 px): layout, contrast and the console, axe-core, the language, one h1 and lazy pictures below the fold. The walk and its checks are in test/e2e/layout-walk.ts.
import { walkEveryPage } from './layout-walk';

walkEveryPage([1280]);
