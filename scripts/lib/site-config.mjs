/**
 * The site's per-environment `config.json`, from the environment. Institute details are clearly fictional
 * defaults; a deployment overrides them with INSTITUTE_* variables.
 */
export function siteConfigFromEnv(env = process.env, { apiUrl, sandboxUrl, siteUrl }) {
  return {
    apiBaseUrl: env.PUBLIC_API_URL || apiUrl,
    // The public address search engines see (canonical URLs, sitemap); the API's SITE_URL names the same site.
    ...(env.SITE_URL || siteUrl ? { siteUrl: (env.SITE_URL || siteUrl).replace(/\/$/, '') } : {}),
    institute: {
      name: env.INSTITUTE_NAME || 'Northbridge Career Institute',
      address: env.INSTITUTE_ADDRESS || '100 Example Avenue, Suite 5, Newark, NJ 07102',
      phone: env.INSTITUTE_PHONE || '(555) 010-4477',
      email: env.INSTITUTE_EMAIL || 'hello@northbridge.example',
      coordinatorPhone: env.INSTITUTE_COORDINATOR_PHONE || '(555) 010-4478',
      coordinatorName: env.INSTITUTE_COORDINATOR_NAME || 'Program Coordinator',
    },
    // Development and tests talk to the sandbox; production sets the real providers' values.
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID || 'sandbox-client-id',
      sdkBaseUrl: env.PAYPAL_SDK_BASE_URL || `${sandboxUrl}/sdk/js`,
      currency: 'USD',
    },
    emailjs: {
      publicKey: env.EMAILJS_PUBLIC_KEY || 'sandbox-public-key',
      serviceId: env.EMAILJS_SERVICE_ID || 'service_sandbox',
      templateId: env.EMAILJS_TEMPLATE_ID || 'template_contact',
      appointmentTemplateId: env.EMAILJS_APPOINTMENT_TEMPLATE_ID || 'template_appointment',
      origin: env.EMAILJS_ORIGIN || sandboxUrl,
    },
    cloudinary: {
      cloudName: env.CLOUDINARY_CLOUD_NAME || 'sandbox',
      uploadPreset: env.CLOUDINARY_UPLOAD_PRESET || 'institute_unsigned',
      uploadBaseUrl: env.CLOUDINARY_UPLOAD_BASE_URL || sandboxUrl,
    },
    ...(env.MAP_EMBED_URL ? { mapEmbedUrl: env.MAP_EMBED_URL } : {}),
    // Share of page loads that report their Web Vitals to the API (decision 013); 0 turns field data off.
    ...(env.VITALS_SAMPLE_RATE ? { vitals: { sampleRate: Number(env.VITALS_SAMPLE_RATE) } } : {}),
  };
}
