import DonorManage from '../islands/donor';
import type { DonorManageProps } from '../components/donor-manage';

export type { DonorError, DonorManageProps, DonorNotice } from '../components/donor-manage';

/** /donations/manage: a donor's gifts, by e-mailed link (views/islands/donor.tsx). */
export default function DonorManagePage(props: DonorManageProps) {
  return <DonorManage {...props} />;
}
