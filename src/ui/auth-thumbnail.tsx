import { Box, chakra, Skeleton } from '@chakra-ui/react';
import { LuImageOff } from 'react-icons/lu';
import { useAuthImage } from '@/lib/auth-image';
import { useObjectUrl } from './use-object-url';

/** A thumbnail of an image an API route answers with the bearer token (src/lib/auth-image.ts); a click opens it full size. */
export function AuthThumbnail({ path, alt, size = '20', testId }: { path: string; alt: string; size?: string; testId?: string }) {
  const q = useAuthImage(path);
  const url = useObjectUrl(q.data);
  if (q.isPending) return <Skeleton w={size} h={size} rounded="md" flexShrink={0} data-testid={testId} data-state="loading" />;
  if (!url)
    return (
      <Box
        w={size}
        h={size}
        rounded="md"
        bg="bg.muted"
        color="fg.muted"
        display="flex"
        alignItems="center"
        justifyContent="center"
        flexShrink={0}
        title={alt}
        data-testid={testId}
        data-state="error"
      >
        <LuImageOff aria-hidden />
      </Box>
    );
  return (
    <chakra.a href={url} target="_blank" rel="noopener" flexShrink={0} display="block" data-testid={testId} data-state="loaded">
      <chakra.img src={url} alt={alt} w={size} h={size} objectFit="cover" rounded="md" borderWidth="1px" borderColor="border" />
    </chakra.a>
  );
}
