import { useQuery } from '@tanstack/react-query';
import { Banner, ErrorState, Spinner } from '@institute/shared/ui';
import { fetchModuleVersions } from './module-versions';
import styles from './versions-page.module.css';

/** Which version of each module the site is running: the readout a release or a rollback is checked against. */
export default function VersionsPage() {
  const { data, isPending, isError } = useQuery({ queryKey: ['module-versions'], queryFn: () => fetchModuleVersions(), staleTime: 0 });
  return (
    <>
      <Banner title="Module versions" />
      {/* Scrolls sideways on a narrow screen when a manifest URL is long: reachable by keyboard (axe). */}
      <section className={styles.section} tabIndex={0} aria-label="Module versions">
        {isPending ? <Spinner /> : null}
        {isError ? <ErrorState>Module versions could not be read.</ErrorState> : null}
        {data ? (
          <table className={styles.table}>
            <thead>
              <tr><th scope="col">Module</th><th scope="col">Version</th><th scope="col">Manifest</th></tr>
            </thead>
            <tbody>
              {data.map((m) => (
                <tr key={m.name} data-module={m.name}>
                  <th scope="row">{m.name}</th>
                  <td>{m.version ?? 'unavailable'}</td>
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
