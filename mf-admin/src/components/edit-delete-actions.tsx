import ui from './admin-ui.module.css';
import { DeleteButton } from './delete-button';

interface Props {
  /** What the row is called ("Phlebotomy"): names both buttons for screen readers, as every row has its own. */
  title: string;
  deleting: boolean;
  onEdit(): void;
  onDelete(): void;
}

/** A content row's Edit and Delete (courses, quick programs, posts). */
export function EditDeleteActions({ title, deleting, onEdit, onDelete }: Props) {
  return (
    <div className={ui.actions}>
      <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Edit ${title}`} onClick={onEdit}>Edit</button>
      <DeleteButton label={`Delete ${title}`} deleting={deleting} onDelete={onDelete} />
    </div>
  );
}
