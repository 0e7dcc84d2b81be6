import { NotFoundPage } from './NotFoundPage';

export default function CloudsNotFoundPage() {
  return <NotFoundPage clouds />;
}
