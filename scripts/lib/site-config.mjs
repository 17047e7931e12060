import { DEFAULT_INSTITUTE, DEV } from './defaults.mjs';

const SOCIAL = { facebook: 'SOCIAL_FACEBOOK_URL', instagram: 'SOCIAL_INSTAGRAM_URL', linkedin: 'SOCIAL_LINKEDIN_URL', youtube: 'SOCIAL_YOUTUBE_URL' };

/** The institute's profiles that are set; none at all leaves `social` out, and the footer shows no icons. */
function socialFromEnv(env) {
  const social = Object.fromEntries(Object.entries(SOCIAL).filter(([, name]) => env[name]).map(([network, name]) => {
    if (!/^https:\/\/[^\s"<>]+$/.test(env[name])) throw new Error(`${name} must be an https:// address`);
    return [network, env[name]];
  }));
  return Object.keys(social).length ? { social } : {};
}

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
      name: env.INSTITUTE_NAME || DEFAULT_INSTITUTE.name,
      address: env.INSTITUTE_ADDRESS || DEFAULT_INSTITUTE.address,
      phone: env.INSTITUTE_PHONE || DEFAULT_INSTITUTE.phone,
      email: env.INSTITUTE_EMAIL || DEFAULT_INSTITUTE.email,
      coordinatorPhone: env.INSTITUTE_COORDINATOR_PHONE || DEFAULT_INSTITUTE.coordinatorPhone,
      coordinatorName: env.INSTITUTE_COORDINATOR_NAME || DEFAULT_INSTITUTE.coordinatorName,
    },
    // Development and tests talk to the sandbox; production sets the real providers' values.
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID || DEV.sandbox.paypalClientId,
      sdkBaseUrl: env.PAYPAL_SDK_BASE_URL || `${sandboxUrl}/sdk/js`,
      currency: 'USD',
    },
    emailjs: {
      publicKey: env.EMAILJS_PUBLIC_KEY || DEV.sandbox.emailjsPublicKey,
      serviceId: env.EMAILJS_SERVICE_ID || DEV.sandbox.emailjsServiceId,
      templateId: env.EMAILJS_TEMPLATE_ID || DEV.sandbox.emailjsTemplates.contact,
      appointmentTemplateId: env.EMAILJS_APPOINTMENT_TEMPLATE_ID || DEV.sandbox.emailjsTemplates.appointment,
      origin: env.EMAILJS_ORIGIN || sandboxUrl,
    },
    cloudinary: {
      cloudName: env.CLOUDINARY_CLOUD_NAME || DEV.sandbox.cloudinaryCloudName,
      uploadPreset: env.CLOUDINARY_UPLOAD_PRESET || DEV.sandbox.cloudinaryUploadPreset,
      uploadBaseUrl: env.CLOUDINARY_UPLOAD_BASE_URL || sandboxUrl,
    },
    ...(env.MAP_EMBED_URL ? { mapEmbedUrl: env.MAP_EMBED_URL } : {}),
    ...socialFromEnv(env),
    // Share of page loads that report their Web Vitals to the API (decision 013); 0 turns field data off.
    ...(env.VITALS_SAMPLE_RATE ? { vitals: { sampleRate: Number(env.VITALS_SAMPLE_RATE) } } : {}),
  };
}
