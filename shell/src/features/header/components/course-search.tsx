import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '@institute/shared/router';
import { useHydrated } from '@institute/shared/ui';
import type { CourseCard } from '@institute/shared/contract';
import type { SearchAnswer } from './course-search-loader';
import { useDebounced } from '../hooks/use-debounced';
import { titleStartsWith } from '@institute/shared/rules';
import { useDismiss } from '../hooks/use-dismiss';
import { SearchOption } from './search-option';
import styles from './course-search.module.css';

// The search's requests (and the data library under them) load when the visitor reaches the search, not with every page.
const CourseSearchLoader = lazy(() => import('./course-search-loader'));

/** Typing pauses this long before the server is asked, so a word typed quickly costs one request. */
export const SEARCH_DEBOUNCE_MS = 150;

/**
 * The desktop course search: an ARIA 1.2 combobox over the courses whose title starts with the typed text, as the
 * server answers them (a few at a time, never the whole catalog; spec: header search).
 */
export function CourseSearch() {
  const [wanted, setWanted] = useState(false);
  // Prerendered: the box takes typing once React owns it, so nothing typed before hydration is lost.
  const hydrated = useHydrated();
  const [answer, setAnswer] = useState<SearchAnswer | undefined>(undefined);
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const listId = useId();

  const prefix = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  // An answer for a shorter prefix is narrowed here at once, while the server is asked for the longer one.
  const results = useMemo(() => (answer?.courses ?? []).filter((course) => titleStartsWith(course.title, query)), [answer, query]);
  const answered = answer !== undefined && answer.prefix === query.trim().toLowerCase();
  const expanded = open && query.trim() !== '' && (results.length > 0 || answered);
  const showList = expanded && results.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  useDismiss(rootRef, expanded, () => setOpen(false));

  // Keeps the keyboard-selected option visible inside the scrolling dropdown.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const openCourse = (course: CourseCard) => {
    setOpen(false);
    setQuery('');
    setActive(-1);
    navigate(`/courses/${encodeURIComponent(course._id)}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = results.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (last < 0) return;
      const down = event.key === 'ArrowDown';
      setActive((i) => (down ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (event.key === 'Enter') {
      // An option chosen with the arrow keys opens that course; otherwise Enter shows every match on /courses.
      const chosen = showList && active >= 0 ? results[active] : undefined;
      const words = query.trim();
      if (chosen) {
        event.preventDefault();
        openCourse(chosen);
      } else if (words) {
        event.preventDefault();
        setOpen(false);
        setQuery('');
        setActive(-1);
        navigate(`/courses?q=${encodeURIComponent(words)}`);
      }
    } else if (event.key === 'Escape') {
      // APG combobox: Escape closes an open list, and clears the box when it is already closed.
      event.preventDefault();
      if (expanded) setOpen(false);
      else setQuery('');
    }
  };

  return (
    <div className={styles.root} ref={rootRef} role="search">
      <label htmlFor={inputId} className="visually-hidden">Search courses</label>
      <input
        id={inputId}
        className={styles.input}
        type="text"
        role="combobox"
        placeholder="Search courses"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 && active < results.length ? optionId(active) : undefined}
        value={query}
        readOnly={!hydrated}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(-1);
          setOpen(true);
          setWanted(true);
        }}
        onFocus={() => {
          setOpen(true);
          setWanted(true);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Matching courses" className={styles.list} hidden={!showList}>
        {showList
          ? results.map((course, index) => (
              <SearchOption key={course._id} id={optionId(index)} course={course} selected={index === active} onChoose={() => openCourse(course)} />
            ))
          : null}
      </ul>
      {expanded && results.length === 0 ? <p className={styles.none} role="status">No courses match “{query.trim()}”.</p> : null}
      {wanted ? <Suspense fallback={null}><CourseSearchLoader prefix={prefix} onAnswer={setAnswer} /></Suspense> : null}
    </div>
  );
}
