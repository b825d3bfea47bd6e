// A fleet's webhooks (docs/webhooks.md; admin only): the endpoints (GET webhooks), a new one whose
// secret the answer shows once (POST), a replacement — kinds, URL, on/off — (PUT), a deletion,
// a new secret (POST webhooks/{id}/secret), a test event, an endpoint's delivery log and a
// redelivery. The log is read again every few seconds while deliveries are pending.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookCreate,
  WebhookDeliveryPage,
  WebhookDeliveryQueued,
  WebhookList,
  Webhook,
  WebhookUpdate,
  WebhookWithSecret,
} from '@vfm/contract';
import { queryKeys } from '../../../api/query-keys';
import { useServices } from '../../../services/services';

/** how often an open delivery log is read again while an attempt is due */
const PENDING_REFRESH_MS = 2_000;

export function useWebhooks() {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.webhooks.list,
    queryFn: () => http.get<WebhookList>('webhooks'),
  });
}

export function useWebhookDeliveries(id: string, page: number, size: number) {
  const { http } = useServices();
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(id, page),
    queryFn: () =>
      http.get<WebhookDeliveryPage>(`webhooks/${id}/deliveries?page=${page}&size=${size}`),
    refetchInterval: (query) =>
      query.state.data?.content.some((d) => d.state === 'PENDING') ? PENDING_REFRESH_MS : false,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
  };
}

export function useCreateWebhook() {
  const { http } = useServices();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: WebhookCreate) => http.post<WebhookWithSecret>('webhooks', input),
    onSuccess: refresh,
  });
}

export function useUpdateWebhook() {
  const { http } = useServices();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: WebhookUpdate & { id: string }) =>
      http.put<Webhook>(`webhooks/${id}`, input),
    onSuccess: refresh,
  });
}

export function useDeleteWebhook() {
  const { http } = useServices();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => http.delete<void>(`webhooks/${id}`),
    onSuccess: refresh,
  });
}

export function useRotateWebhookSecret() {
  const { http } = useServices();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => http.post<WebhookWithSecret>(`webhooks/${id}/secret`),
    onSuccess: refresh,
  });
}

export function useTestWebhook() {
  const { http } = useServices();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => http.post<WebhookDeliveryQueued>(`webhooks/${id}/test`),
    onSuccess: refresh,
  });
}

export function useRedeliverWebhook() {
  const { http } = useServices();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      http.post<WebhookDeliveryQueued>(`webhooks/${id}/deliveries/${deliveryId}/redeliver`),
    onSuccess: refresh,
  });
}
