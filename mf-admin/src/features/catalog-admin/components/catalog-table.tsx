import type { CourseCard } from '@institute/shared/contract';
import { formatMoney } from '@institute/shared/rules';
import type { CatalogKind } from '../types';
import ui from '../../../components/admin-ui.module.css';
import { DeleteButton } from '../../../components/delete-button';

interface Props {
  kind: CatalogKind;
  items: CourseCard[];
  deletingId: string | undefined;
  onEdit(item: CourseCard): void;
  onDelete(item: CourseCard): void;
}

export function CatalogTable({ kind, items, deletingId, onEdit, onDelete }: Props) {
  const label = `All ${kind.noun}s`;
  return (
    // A scrolling region must be reachable by keyboard to be scrolled without a mouse.
    <div
      className={kind.scrollList ? `${ui.tableWrap} ${ui.scroll}` : ui.tableWrap}
      role="region"
      aria-label={label}
      tabIndex={kind.scrollList ? 0 : undefined}
      data-testid="catalog-list"
    >
      <table className={`${ui.table} ${ui.cards}`}>
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Price</th>
            <th scope="col">Duration</th>
            <th scope="col">Credential</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item._id}>
              <td data-label="Title" className={ui.wrapAnywhere}>{item.title}</td>
              <td data-label="Price">{formatMoney(Number(item.price))}</td>
              <td data-label="Duration">{item.duration}</td>
              <td data-label="Credential">{item.credential}</td>
              <td data-label="Actions">
                <div className={ui.actions}>
                  <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Edit ${item.title}`} onClick={() => onEdit(item)}>
                    Edit
                  </button>
                  <DeleteButton label={`Delete ${item.title}`} deleting={deletingId === item._id} onDelete={() => onDelete(item)} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
