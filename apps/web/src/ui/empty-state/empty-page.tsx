import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Page } from '../page/page';
import { EmptyState } from './empty-state';

/** A shell page with a calm empty state (pages whose content is to come); the caller sets the title. */
export function EmptyPage({
  icon: Icon,
  heading,
  children,
}: {
  icon: LucideIcon;
  heading: string;
  children: ReactNode;
}) {
  return (
    <Page>
      <EmptyState icon={<Icon size={44} strokeWidth={1.6} />} title={heading}>
        {children}
      </EmptyState>
    </Page>
  );
}
