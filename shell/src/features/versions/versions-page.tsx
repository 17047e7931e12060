import { useQuery } from '@tanstack/react-query';
import { Banner, ErrorState, Spinner } from '@institute/shared/ui';
import { fetchModuleVersions } from './module-versions';
import styles from './versions-page.module.css';

const REASONS = { live: 'live', preview: 'preview (this browser only)', canary: 'canary', override: 'override (this browser, development)' } as const;

/**
 * Which version of each module this browser runs, and why (live, a preview link, a canary): the readout a release,
 * a preview or a rollback is checked against.
 */
export default function VersionsPage() {
  const { data, isPending, isError } = useQuery({ queryKey: ['module-versions'], queryFn: () => fetchModuleVersions(), staleTime: 0 });
  return (
    <>
      <Banner title="Module versions" />
      {/* Scrolls sideways on a narrow screen when a manifest URL is long: reachable by keyboard (axe). */}
      <section className={styles.section} tabIndex={0} aria-label="Module versions">
        {isPending ? <Spinner /> : null}
        {isError ? <ErrorState>Module versions could not be read.</ErrorState> : null}
        {data?.notices.map((notice) => <p key={notice} role="alert" className={styles.notice}>{notice}</p>)}
        {data ? (
          <table className={styles.table}>
            <thead>
              <tr><th scope="col">Module</th><th scope="col">Version</th><th scope="col">Why</th><th scope="col">Manifest</th></tr>
            </thead>
            <tbody>
              {data.modules.map((m) => (
                <tr key={m.name} data-module={m.name} data-why={m.why ?? undefined}>
                  <th scope="row">{m.name}</th>
                  <td>{m.version ?? 'unavailable'}</td>
                  <td>{m.why ? REASONS[m.why] : ''}</td>
                  <td>{m.entry ?? '(built in)'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </>
  );
}
