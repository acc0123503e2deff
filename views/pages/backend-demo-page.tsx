import BackendDemo from '../islands/backend-demo';
import type { BackendDemoProps } from '../components/backend-demo';

export type { ApiRoute, BackendDemoProps, StackItem } from '../components/backend-demo';

/** /backend-demo: the backend overview (its tabs are an island: views/islands/backend-demo.tsx). */
export default function BackendDemoPage(props: BackendDemoProps) {
  return <BackendDemo {...props} />;
}
