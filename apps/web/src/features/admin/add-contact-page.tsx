import * as C from '@portal/contract/admin/calls';
import { adminText } from '@portal/contract/admin/messages';
import { routePath } from '@portal/contract/routes';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call, failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { alertOf, useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { contactsQuery } from './api.ts';
import { ContactForm, emptyContact, toBody, useBackToListOnUserChange } from './contact-form.tsx';

/** Add Account Contact (spec 002 §2): a success returns to the list; failures show "Add Contact Failed". */
export default function AddContactPage() {
  const { currentUser } = useSession();
  const navigate = useNavigate();
  const showStatus = useStatus();
  const queryClient = useQueryClient();
  useBackToListOnUserChange();
  return (
    <Page title={adminText.addContactTitle}>
      <ContactForm
        initial={emptyContact}
        submitLabel="Add New Contact"
        onSubmit={async (values) => {
          try {
            await call(C.addContact, { body: { logname: currentUser, ...toBody(values) } });
          } catch (err) {
            showStatus({
              title: adminText.addContactFailed,
              body: failureText(err),
              alert: alertOf(err),
            });
            throw err;
          }
          await queryClient.invalidateQueries({ queryKey: contactsQuery(currentUser).queryKey });
          navigate(routePath('contacts'));
        }}
      />
    </Page>
  );
}
