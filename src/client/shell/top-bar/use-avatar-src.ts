// The address of the user's profile picture: the public file when it is public, otherwise its
// bytes fetched with the token; undefined when there is none, for the placeholder.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { profileImageBlob, profileImageQueryOptions, publicProfileImageUrl } from '../../api/settings.api';

export function useAvatarSrc(userId: string | undefined): string | undefined {
  const { data: image } = useQuery({
    ...profileImageQueryOptions(userId ?? ''),
    enabled: Boolean(userId),
    // A missing picture has its placeholder; it is not worth an error toast.
    meta: { errorToast: false },
  });
  const [privateUrl, setPrivateUrl] = useState<string>();
  const isPrivate = Boolean(image && !image.is_public);
  const imageId = image?.id;

  useEffect(() => {
    if (!isPrivate || !userId) return;
    let url: string | undefined;
    let cancelled = false;
    profileImageBlob(userId)
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setPrivateUrl(url);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
      setPrivateUrl(undefined);
    };
  }, [isPrivate, userId, imageId]);

  if (!image) return undefined;
  return image.is_public ? publicProfileImageUrl(image) : privateUrl;
}
