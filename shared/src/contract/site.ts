import type { VitalsConfig } from './vitals';

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'linkedin', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The per-environment files the shell reads at start: `config.json` and `remotes.json`. */
export interface SiteConfig {
  apiBaseUrl: string;
  /** The site's public address (`https://…`, no trailing slash): canonical URLs, the sitemap, structured data. */
  siteUrl?: string;
  institute: {
    name: string;
    address: string;
    phone: string;
    email: string;
    coordinatorPhone?: string;
    coordinatorName?: string;
  };
  paypal?: { clientId: string; sdkBaseUrl?: string; currency?: string };
  emailjs?: { publicKey: string; serviceId: string; templateId: string; appointmentTemplateId?: string; origin?: string; apiBaseUrl?: string };
  cloudinary?: { cloudName: string; uploadPreset: string; uploadBaseUrl?: string };
  /** The map on the contact page (an embeddable https URL); without it the page shows the address card alone. */
  mapEmbedUrl?: string;
  /** The institute's own profiles (https URLs); the footer shows an icon for each one set, and none when unset. */
  social?: Partial<Record<SocialNetwork, string>>;
  /** Field data reporting (docs/decisions/013-field-data.md). */
  vitals?: VitalsConfig;
}

/**
 * Module name -> URL of its `mf-manifest.json` (absolute, or relative to the page); `integrity`: URL of each
 * remote's entry file -> its `sha384-…`, written by the publish step (docs/decisions/017).
 */
export type RemoteRegistry = { [name: string]: string | Record<string, string> | undefined; integrity?: Record<string, string> };

/** The remotes of shared/modules.json, the one list of modules; a literal here for their type (modules.test.ts). */
export const REMOTE_NAMES = ['mf_catalog', 'mf_checkout', 'mf_content', 'mf_admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
