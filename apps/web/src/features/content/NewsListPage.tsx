import { NewsList } from './NewsList';

/** /news: every published entry (the list is the home page's, so the page's own chunk is this line). */
export function NewsListPage() {
  return <NewsList headingLevel="h1" />;
}
