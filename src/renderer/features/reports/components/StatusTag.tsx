import type { Status } from '../../../../shared/api/common.js';
import { STATUS_LABEL } from '../../../format/labels.js';

export function StatusTag({ status }: { status: Status }) {
  return <span className={`tag status-tag status-tag--${status}`}>{STATUS_LABEL[status]}</span>;
}
