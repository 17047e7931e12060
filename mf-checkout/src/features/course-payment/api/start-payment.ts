import { useMutation } from '@tanstack/react-query';
import { checkoutApi } from '@institute/shared/api/checkout';

/**
 * The spec's body is { amount }; courseId is added so the server prices the course itself, and sessionId names the
 * class session whose seat is bought (issue 29).
 */
export const useStartPayment = () => useMutation({ mutationFn: checkoutApi.start });
