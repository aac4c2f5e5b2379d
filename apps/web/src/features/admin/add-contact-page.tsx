import { adminScreenText, adminText } from '@portal/contract/admin/messages';
import { routePath } from '@portal/contract/routes';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session.ts';
import { useShowFailure } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { useAddContact } from './api.ts';
import { ContactForm, emptyContact, toBody, useBackToListOnUserChange } from './contact-form.tsx';
import { t } from '../../app/language.ts';

/** Add Account Contact: a success returns to the list; failures show "Add Contact Failed". */
export default function AddContactPage() {
  const { currentUser } = useSession();
  const navigate = useNavigate();
  const showFailure = useShowFailure();
  const add = useAddContact({
    onSuccess: () => navigate(routePath('contacts')),
    onError: (err) => showFailure(err, { title: t(adminText).addContactFailed }),
  });
  useBackToListOnUserChange();
  return (
    <Page title={t(adminText).addContactTitle}>
      <ContactForm
        initial={emptyContact}
        submitLabel={t(adminScreenText).addNewContact}
        onSubmit={async (values) => {
          await add.mutateAsync({ logname: currentUser, ...toBody(values) });
        }}
      />
    </Page>
  );
}
