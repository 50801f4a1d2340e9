import { usePage } from '../../api/content';
import { ContentBody } from '../../components/ui/content-body';

/** The text of one about page; its title is shown by the layout. */
export function AboutPageBody({ slug }: { slug: string }) {
  const { data: page, isError, refetch, isRefetching } = usePage(slug);
  return (
    <ContentBody
      page={page}
      isError={isError}
      onRetry={() => void refetch()}
      retrying={isRefetching}
    />
  );
}
