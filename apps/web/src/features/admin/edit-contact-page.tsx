import { Text } from '@mantine/core';
import { adminScreenText, adminText } from '@portal/contract/admin/messages';
import { routePath } from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, failureText } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { useShowFailure, useStatus } from '../../app/status.ts';
import { Page } from '../../ui/page.tsx';
import { contactQuery, useUpdateContact } from './api.ts';
import { ContactForm, toBody, useBackToListOnUserChange } from './contact-form.tsx';
import { t } from '../../app/language.ts';

/** Edit Account Contact: the form prefilled from get-contact; a success returns to the list. */
export default function EditContactPage() {
  const { tcid: raw = '' } = useParams();
  const tcid = Number(raw);
  const valid = Number.isInteger(tcid) && tcid > 0;
  const { currentUser } = useSession();
  const navigate = useNavigate();
  const showStatus = useStatus();
  const showFailure = useShowFailure();
  const text = t(adminText);
  const update = useUpdateContact({
    onSuccess: () => navigate(routePath('contacts')),
    onError: (err) => showFailure(err, { title: text.editContactFailed }),
  });
  const leaving = useBackToListOnUserChange();
  // The contact belongs to the account the screen was opened on: a new current user is not asked for it.
  const q = useQuery({
    ...contactQuery(currentUser, tcid),
    enabled: valid && !leaving,
    meta: {
      failure: (err) =>
        err instanceof ApiError && err.kind === 'refused'
          ? { title: text.cantFind(raw), body: err.message, alert: 'warning' }
          : { title: text.getContactFailed(raw), body: failureText(err), alert: 'serious' },
    },
  });
  // An id that is not one (/edit-tc-contact/abc) is never sent; it is the same "Can't find {id}" warning.
  useEffect(() => {
    if (!valid)
      showStatus({
        title: text.cantFind(raw),
        body: text.contactNotFound,
        alert: 'warning',
      });
  }, [valid, raw, showStatus, text]);

  const c = q.data;
  return (
    <Page title={text.editContactTitle}>
      {!valid && <Text c="red">{text.cantFind(raw)}</Text>}
      {q.isLoading && <Text c="dimmed">{t(adminScreenText).loading}</Text>}
      {q.isError && <Text c="red">{text.cantFind(raw)}</Text>}
      {c && (
        <ContactForm
          key={`${c.tcid}`}
          tcid={c.tcid}
          initial={{
            contact: c.contact,
            info: c.contact_info,
            restricted: c.restricted === '1',
            technical: c.technical === '1',
            billing: c.billing === '1',
            restriction: c.restriction,
          }}
          submitLabel={t(adminScreenText).updateContact}
          onSubmit={async (values) => {
            await update.mutateAsync({ logname: currentUser, tcid: c.tcid, ...toBody(values) });
          }}
        />
      )}
    </Page>
  );
}
