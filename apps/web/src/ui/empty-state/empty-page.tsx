import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { usePageTitle } from '../../services/use-page-title';
import { Page } from '../page/page';
import { EmptyState } from './empty-state';

/** A shell page with its header title and a calm empty state (pages whose content is to come). */
export function EmptyPage({
  title,
  icon: Icon,
  heading,
  children,
}: {
  title: string;
  icon: LucideIcon;
  heading: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Page>
      <EmptyState icon={<Icon size={44} strokeWidth={1.6} />} title={heading}>
        {children}
      </EmptyState>
    </Page>
  );
}
