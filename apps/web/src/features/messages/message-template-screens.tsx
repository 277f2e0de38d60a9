import { useParams } from 'react-router';
import type { MessageTemplateView } from '@siteflow/core';
import { BreadcrumbTrail } from '../../ui/breadcrumb-trail';
import { Loaded } from '../../ui/loaded';
import { PageHeader } from '../../ui/page-header';
import { useMessageTemplate } from './api';
import { MessageTemplateForm } from './message-template-form';

const LIST = 'E-mail & SMS Templates';

export function MessageTemplateCreateScreen() {
  return (
    <>
      <BreadcrumbTrail list={LIST} to="/message-templates" current="New template" />
      <PageHeader title="New template" />
      <MessageTemplateForm />
    </>
  );
}

export function MessageTemplateEditScreen() {
  const { id = '' } = useParams();
  const query = useMessageTemplate(id);
  return (
    <Loaded query={query} loading="Loading the template…" errorTitle="Could not load the template">
      {(template: MessageTemplateView) => (
        <>
          <BreadcrumbTrail list={LIST} to="/message-templates" current={template.name} />
          <PageHeader title={template.name} />
          <MessageTemplateForm key={template.id} template={template} />
        </>
      )}
    </Loaded>
  );
}
