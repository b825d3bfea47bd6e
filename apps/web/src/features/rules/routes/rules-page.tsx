// The Rules screen (docs/rules.md): the fleet's rules — the built-in theft and tamper rules, then
// the written ones — each with its alert kind, severity and state; administrators write, switch
// and delete them (a built-in is switched off, not deleted), managers read them. The form checks
// as the user types and dry-runs a rule over the last days before it is saved.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, Workflow } from 'lucide-react';
import { usePageTitle } from '../../../services/use-page-title';
import { useSession } from '../../../services/services';
import { Button } from '../../../ui/button/button';
import { Page, Panel } from '../../../ui/page/page';
import { QueryState } from '../../../ui/query-state/query-state';
import { useRules } from '../api/rules';
import { RuleForm } from '../components/rule-form';
import { RuleList } from '../components/rule-list';
import { draftOf, emptyDraft, type RuleDraft } from '../state/rule-draft';

export function RulesPage() {
  const { t } = useTranslation();
  usePageTitle(t('rules.title'));
  const { userType } = useSession();
  const admin = userType === 'ADMIN';
  const rules = useRules();
  const [editing, setEditing] = useState<RuleDraft | null>(null);

  return (
    <Page>
      {editing ? (
        <Panel
          title={
            editing.builtin
              ? t(`bike.warning.${editing.builtin}`)
              : editing.id
                ? editing.name
                : t('rules.new')
          }
        >
          <RuleForm
            key={editing.id ?? 'new'}
            initial={editing}
            readOnly={!admin}
            onDone={() => setEditing(null)}
          />
        </Panel>
      ) : (
        <Panel title={t('rules.title')} intro={t(admin ? 'rules.intro' : 'rules.readOnly')}>
          {admin && (
            <Button onClick={() => setEditing(emptyDraft())}>
              <Plus size={18} aria-hidden="true" />
              {t('rules.new')}
            </Button>
          )}
          <QueryState
            query={rules}
            texts={{
              loading: t('rules.loading'),
              error: t('rules.error'),
              retry: t('rules.retry'),
            }}
            empty={{ icon: <Workflow size={28} />, title: t('rules.empty') }}
            isEmpty={(data) => data.content.length === 0}
          >
            {(data) => (
              <RuleList rules={data.content} admin={admin} onOpen={(r) => setEditing(draftOf(r))} />
            )}
          </QueryState>
        </Panel>
      )}
    </Page>
  );
}
