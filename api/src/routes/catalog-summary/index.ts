import { CatalogSummary } from '@institute/shared/schemas';
import type { RoutePlugin } from '../../lib/type-provider';

/**
 * The catalog's figures (how many courses and quick programs), so no page states a number the data does not hold.
 * Counted on every request, which is one indexed aggregate; browsers revalidate it by ETag like the lists.
 */
const catalogSummaryRoutes: RoutePlugin = async (app) => {
  app.get('/api/catalog/summary', {
    config: { public: true, cacheable: true },
    schema: { tags: ['Courses'], summary: 'How many courses and quick programs the catalog holds', response: { 200: CatalogSummary } },
  }, async () => {
    const counts = await app.repos.programs.countByKind();
    return { courses: counts.course, quickPrograms: counts.quick_program };
  });
};

export default catalogSummaryRoutes;
