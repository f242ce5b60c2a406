// A person's picture from the profile image their record already carries: the public file's
// address, or a private file's bytes fetched with the token; initials meanwhile and
// when there is none. (The shell's useAvatarSrc asks the server for the image record first:
// one call per row more than a list needs.)
import '@mantine/core/styles/Avatar.css';
import { Avatar, type AvatarProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { settingsPaths } from '../../../../shared/settings.contract';
import type { ProfileImageRef } from '../../directory.contract';
import { downloadAuthorised } from '../../../../client/api/downloads';

function usePrivateImage(userId: string, image: ProfileImageRef): string | undefined {
  const [url, setUrl] = useState<{ key: string; url: string }>();
  const key = image && !image.is_public ? `${userId}:${image.id}` : null;
  useEffect(() => {
    if (!key) return;
    let created: string | undefined;
    let cancelled = false;
    downloadAuthorised(settingsPaths.profileImageUpload(userId))
      .then(({ blob }) => {
        if (cancelled) return;
        created = URL.createObjectURL(blob);
        setUrl({ key, url: created });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (created) URL.revokeObjectURL(created);
    };
  }, [key, userId]);
  return url && url.key === key ? url.url : undefined;
}

type Props = Omit<AvatarProps, 'src' | 'name' | 'alt'> & { userId: string; name: string; image: ProfileImageRef };

export function PersonAvatar({ userId, name, image, ...props }: Props) {
  const privateUrl = usePrivateImage(userId, image);
  const src = image ? (image.is_public ? settingsPaths.publicFile(image.id, image.name) : privateUrl) : undefined;
  // Decorative: the name is always written beside it.
  return <Avatar {...props} src={src} name={name} alt="" color="initials" radius="xl" />;
}
