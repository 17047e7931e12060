import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, certificatesApi, recordKeys } from '@institute/shared/api';
import type { CertificateVerification } from '@institute/shared/contract';

/**
 * What a certificate's public code verifies; null when no certificate has it (the API's 404, also for a malformed
 * code), so the page, and the server's render of it, can say so. Never reused: a revocation shows at once.
 */
export const verificationQuery = (code: string) => queryOptions({
  queryKey: recordKeys.verification(code),
  queryFn: async (): Promise<CertificateVerification | null> => {
    try {
      return await certificatesApi.verify(code);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  enabled: code !== '',
});

export const useVerification = (code: string) => useQuery(verificationQuery(code));
