import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { coursesApi, quickProgramsApi, type ProgramSuggestion } from '@institute/shared/api';
import { ProgramCombobox } from '@institute/shared/ui';
import ui from '../../../components/admin-ui.module.css';

type Chosen = Pick<ProgramSuggestion, 'id' | 'title'>;

/** A stored coupon names ids only: each one's title is read on its own (a course, else a quick program). */
async function titleOf(id: string): Promise<string> {
  try {
    return (await coursesApi.get(id)).title;
  } catch {
    return (await quickProgramsApi.get(id)).title;
  }
}

/**
 * The courses and quick programs a coupon is limited to: found by typing (the shared Program combobox, six of each
 * kind from the server), never by reading the whole catalog, and listed below with a Remove button each. The ids go
 * with the form as `programIds`.
 */
export function CouponProgramsField({ initialIds }: { initialIds: readonly string[] }) {
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<Chosen[]>(() => initialIds.map((id) => ({ id, title: '' })));
  const titles = useQueries({
    queries: chosen.filter((item) => item.title === '').map((item) => ({
      queryKey: ['coupon-target-title', item.id], queryFn: () => titleOf(item.id), staleTime: 60_000, retry: false,
    })),
    combine: (results) => results.map((result) => result.data),
  });
  const missing = chosen.filter((item) => item.title === '');
  const titleFor = (item: Chosen) => item.title || titles[missing.indexOf(item)] || item.id;

  return (
    <fieldset className={ui.field}>
      <legend>Courses and quick programs</legend>
      <ProgramCombobox
        label="Add a course or quick program"
        value={text}
        onValue={setText}
        onChoose={(option) => {
          setChosen((list) => (list.some((item) => item.id === option.id) ? list : [...list, { id: option.id, title: option.title }]));
          setText('');
        }}
        classes={{ field: ui.field, control: ui.input }}
      />
      {chosen.length === 0 ? <p className={ui.muted}>None chosen yet.</p> : (
        <ul aria-label="Chosen courses and quick programs">
          {chosen.map((item) => (
            <li key={item.id}>
              <input type="hidden" name="programIds" value={item.id} />
              {titleFor(item)}{' '}
              <button type="button" className={`${ui.secondary} ${ui.small}`} aria-label={`Remove ${titleFor(item)}`}
                onClick={() => setChosen((list) => list.filter((other) => other.id !== item.id))}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
