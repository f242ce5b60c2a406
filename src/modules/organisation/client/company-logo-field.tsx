// The company logo on company settings: the current picture, and for those who change
// company settings an upload (PNG, JPEG or WebP up to 2 MB) and removal.
import '@mantine/core/styles/Image.css';
import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { isApiError } from '../../../client/api/api-client';
import { showSuccessToast } from '../../../client/shell/toasts';
import type { CompanySettings } from '../../../shared/settings.contract';
import { COMPANY_LOGO_MAX_BYTES } from '../organisation.contract';
import { companyLogoBlob, deleteCompanyLogo, uploadCompanyLogo } from './company-logo.api';
import { ProblemAlert } from '../../../client/ui/problem-alert';

const ACCEPT = 'image/png,image/jpeg,image/webp';

export function CompanyLogoField({ settings, editable }: { settings: CompanySettings; editable: boolean }) {
  const queryClient = useQueryClient();
  const companyId = settings.company_id;
  const logo = settings.logo;
  const bytes = useQuery({
    queryKey: ['company-settings', companyId, 'logo', logo?.id ?? null],
    queryFn: () => companyLogoBlob(companyId),
    enabled: logo !== null,
    staleTime: Infinity,
  });
  const url = useMemo(() => (bytes.data ? URL.createObjectURL(bytes.data) : null), [bytes.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['company-settings', companyId] });
  const upload = useMutation({
    mutationFn: uploadCompanyLogo,
    meta: { errorToast: false },
    onSuccess: () => refresh().then(() => showSuccessToast({ message: 'Logo saved.' })),
  });
  const remove = useMutation({
    mutationFn: deleteCompanyLogo,
    onSuccess: () => refresh().then(() => showSuccessToast({ message: 'Logo removed.' })),
  });
  const [tooLarge, setTooLarge] = useState(false);
  const chosen = (file: File | null) => {
    if (!file) return;
    upload.reset();
    // Refused here already: no point sending megabytes the server will refuse.
    setTooLarge(file.size > COMPANY_LOGO_MAX_BYTES);
    if (file.size <= COMPANY_LOGO_MAX_BYTES) upload.mutate({ companyId, file });
  };
  const problem = tooLarge
    ? 'The file is too large. Choose one of 2 MB or less.'
    : upload.error
      ? isApiError(upload.error)
        ? upload.error.message
        : 'The logo could not be uploaded.'
      : null;

  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        Logo
      </Text>
      {logo && url ? <Image src={url} alt="Company logo" maw={200} mah={100} fit="contain" /> : <Text c="dimmed">No logo yet.</Text>}
      {editable && (
        <Group gap="xs">
          <FileButton onChange={chosen} accept={ACCEPT}>
            {(props) => (
              <Button {...props} variant="light" loading={upload.isPending}>
                {logo ? 'Replace logo' : 'Upload logo'}
              </Button>
            )}
          </FileButton>
          {logo && (
            <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate(companyId)}>
              Remove logo
            </Button>
          )}
        </Group>
      )}
      {editable && (
        <Text size="xs" c="dimmed">
          PNG, JPEG or WebP, up to 2 MB.
        </Text>
      )}
      <ProblemAlert problem={problem} />
    </Stack>
  );
}
