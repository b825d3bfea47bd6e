// The firmware calls (docs/firmware.md, administrators): packages (multipart upload, list,
// delete), campaigns (create, list, detail, approve/pause/resume/abort) and the fleet's version
// distribution (a bike's firmware history is bike/firmware-history.tsx). A campaign under way is
// read again every 5 s.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FirmwareCampaign,
  FirmwareCampaignCreate,
  FirmwareCampaignDetail,
  FirmwareCampaignList,
  FirmwarePackage,
  FirmwarePackageList,
  FirmwareVersions,
} from '@vfm/contract';
import { useServices } from '../../../services/services';

const KEY = ['firmware'] as const;
const LIVE_MS = 5_000;
const running = (state: string | undefined) =>
  state === 'CANARY' || state === 'RUNNING' || state === 'AWAITING_APPROVAL';

export function usePackages() {
  const { http } = useServices();
  return useQuery({
    queryKey: [...KEY, 'packages'],
    queryFn: () => http.get<FirmwarePackageList>('firmware/packages'),
  });
}

export function useCampaigns() {
  const { http } = useServices();
  return useQuery({
    queryKey: [...KEY, 'campaigns'],
    queryFn: () => http.get<FirmwareCampaignList>('firmware/campaigns'),
    refetchInterval: (query) =>
      query.state.data?.campaigns.some((c) => running(c.state)) ? LIVE_MS : false,
  });
}

export function useCampaign(id: string | null) {
  const { http } = useServices();
  return useQuery({
    queryKey: [...KEY, 'campaign', id],
    queryFn: () =>
      http.get<FirmwareCampaignDetail>(`firmware/campaigns/${encodeURIComponent(id!)}`),
    enabled: id !== null,
    refetchInterval: (query) => (running(query.state.data?.campaign.state) ? LIVE_MS : false),
  });
}

export function useVersions() {
  const { http } = useServices();
  return useQuery({
    queryKey: [...KEY, 'versions'],
    queryFn: () => http.get<FirmwareVersions>('firmware/versions'),
  });
}

function useInvalidating<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}

export function useUploadPackage() {
  const { http } = useServices();
  return useInvalidating((input: { version: string; moduleModel: string; file: File }) => {
    // the fields before the file: the server reads them first (docs/firmware.md)
    const form = new FormData();
    form.append('version', input.version);
    form.append('moduleModel', input.moduleModel);
    form.append('file', input.file, input.file.name);
    return http.post<FirmwarePackage>('firmware/packages', form);
  });
}

export function useDeletePackage() {
  const { http } = useServices();
  return useInvalidating((id: string) =>
    http.delete<void>(`firmware/packages/${encodeURIComponent(id)}`),
  );
}

export function useCreateCampaign() {
  const { http } = useServices();
  return useInvalidating((body: FirmwareCampaignCreate) =>
    http.post<FirmwareCampaign>('firmware/campaigns', body),
  );
}

export type CampaignAction = 'approve' | 'pause' | 'resume' | 'abort';

export function useCampaignAction() {
  const { http } = useServices();
  return useInvalidating(({ id, action }: { id: string; action: CampaignAction }) =>
    http.post<FirmwareCampaign>(`firmware/campaigns/${encodeURIComponent(id)}/${action}`, {}),
  );
}
