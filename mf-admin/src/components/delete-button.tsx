import ui from './admin-ui.module.css';

interface DeleteButtonProps {
  /** Names what is deleted, for screen readers ("Delete user maya"): every row has its own Delete. */
  label: string;
  deleting: boolean;
  onDelete(): void;
}

/** The admin lists' Delete: the danger style, "Deleting..." and disabled while its request runs. */
export function DeleteButton({ label, deleting, onDelete }: DeleteButtonProps) {
  return (
    <button type="button" className={`${ui.danger} ${ui.small}`} aria-label={label} disabled={deleting} onClick={onDelete}>
      {deleting ? 'Deleting...' : 'Delete'}
    </button>
  );
}
