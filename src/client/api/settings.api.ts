// Company settings, user settings and profile images: reads by company_id and
// user_id, the updates, and the profile image's upload, removal and address. The upload is
// queueable: offline the outbox keeps the file's bytes and answers a QueuedResponse.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { fetchFile } from './downloads';
import { isQueuedResponse, type QueuedResponse } from '../../shared/sw-messages';
import {
  ProfileImageFieldsSchema,
  settingsPaths,
  type ProfileImage,
  type UpdateUserSettingsInput,
  type UserSettings,
} from '../../shared/settings.contract';

/** The outbox resource of profile-image uploads: the first part of settingsKeys.profileImage. */
const PROFILE_IMAGE_RESOURCE = 'users';

export const settingsKeys = {
  userSettings: (userId: string) => ['user-settings', userId] as const,
  profileImage: (userId: string) => ['users', userId, 'profile-image'] as const,
};

export const userSettingsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: settingsKeys.userSettings(userId),
    queryFn: ({ signal }) => apiFetch<UserSettings>(settingsPaths.userSettings(userId), { signal }),
    staleTime: 5 * 60 * 1000,
  });

export const updateUserSettingsMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: ({ userId, input }: { userId: string; input: UpdateUserSettingsInput }) =>
    apiFetch<UserSettings>(settingsPaths.userSettings(userId), { method: 'PUT', body: input }),
  onSuccess: (settings: UserSettings) => queryClient.setQueryData(settingsKeys.userSettings(settings.user_id), settings),
});

/** A user's profile image record, or null when they have none (show the placeholder). */
export const profileImageQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: settingsKeys.profileImage(userId),
    queryFn: ({ signal }) => apiFetch<ProfileImage | null>(settingsPaths.profileImage(userId), { signal }),
    staleTime: 5 * 60 * 1000,
  });

/** The address a public image is shown from; a private one needs profileImageBlob. */
export const publicProfileImageUrl = (image: Pick<ProfileImage, 'id' | 'name'>) => settingsPaths.publicFile(image.id, image.name);

/** A private image's bytes, downloaded with the bearer token. */
export async function profileImageBlob(userId: string): Promise<Blob> {
  return (await fetchFile(settingsPaths.profileImageUpload(userId))).blob();
}

export async function uploadProfileImage(input: {
  userId: string;
  file: Blob;
  fileName: string;
  isPublic: boolean;
}): Promise<ProfileImage | QueuedResponse> {
  const form = new FormData();
  form.set('is_public', input.isPublic ? 'true' : 'false');
  form.set('file', input.file, input.fileName);
  return apiFetch<ProfileImage>(settingsPaths.profileImageUpload(input.userId), {
    method: 'POST',
    body: form,
    // Its key starts with 'users', so the outbox refreshes the picture when the upload lands.
    queue: {
      resource: PROFILE_IMAGE_RESOURCE,
      label: 'Profile picture',
      schema: ProfileImageFieldsSchema,
      input: { is_public: input.isPublic ? 'true' : 'false' },
      // A refused picture (too large, not an image) is mended by choosing another one.
      form: null,
    },
  });
}

export const uploadProfileImageMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: uploadProfileImage,
  // Offline it must still reach the service worker, which queues it.
  networkMode: 'always' as const,
  onSuccess: (image: ProfileImage | QueuedResponse, input: { userId: string }) => {
    if (!isQueuedResponse(image)) queryClient.setQueryData(settingsKeys.profileImage(input.userId), image);
  },
});

export const deleteProfileImageMutationOptions = (queryClient: QueryClient) => ({
  mutationFn: (userId: string) => apiFetch<void>(settingsPaths.profileImageUpload(userId), { method: 'DELETE' }),
  onSuccess: (_: void, userId: string) => queryClient.setQueryData(settingsKeys.profileImage(userId), null),
});
