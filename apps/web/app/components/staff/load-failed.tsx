/** A staff view whose data could not be loaded: says so, and offers to try again. */
import { staffMessages } from '~/lib/staff/copy';

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="staff__failed" role="alert">
      <p>{staffMessages.loadFailed}</p>
      <button type="button" className="btn btn-outline" onClick={onRetry}>
        Tentar novamente
      </button>
    </div>
  );
}
