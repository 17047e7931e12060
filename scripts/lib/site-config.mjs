/**
 * The site's per-environment `config.json`, from the environment. Institute details are clearly fictional
 * defaults; a deployment overrides them with INSTITUTE_* variables.
 */
export function siteConfigFromEnv(env = process.env, { apiUrl }) {
  return {
    apiBaseUrl: env.PUBLIC_API_URL || apiUrl,
    institute: {
      name: env.INSTITUTE_NAME || 'Northbridge Career Institute',
      address: env.INSTITUTE_ADDRESS || '100 Example Avenue, Suite 5, Newark, NJ 07102',
      phone: env.INSTITUTE_PHONE || '(555) 010-4477',
      email: env.INSTITUTE_EMAIL || 'hello@northbridge.example',
      coordinatorPhone: env.INSTITUTE_COORDINATOR_PHONE || '(555) 010-4478',
      coordinatorName: env.INSTITUTE_COORDINATOR_NAME || 'Program Coordinator',
    },
    ...(env.MAP_EMBED_URL ? { mapEmbedUrl: env.MAP_EMBED_URL } : {}),
  };
}
