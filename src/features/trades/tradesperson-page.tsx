import { PageTitle } from '../../ui/page';
import { tradesText } from './strings';

export function TradespersonPage() {
  return <PageTitle>{tradesText.details}</PageTitle>;
}
