/** A staff view whose data could not be loaded: says so, and offers to try again. */
import { staffMessages } from '~/lib/staff/copy';

export function LoadFailed({
  onRetry,
  message = staffMessages.loadFailed,
}: {
  onRetry: () => void;
  /** What could not be loaded, when saying it helps ('os relatórios'). */
  message?: string;
}) {
  return (
    <div className="staff__failed" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-outline" onClick={onRetry}>
        Tentar novamente
      </button>
    </div>
  );
}
