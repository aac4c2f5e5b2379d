import { Button, Checkbox, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ContactFields } from '@portal/contract/admin/calls';
import { routePath } from '@portal/contract/routes';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { useSession } from '../../app/session.ts';
import { zodValidate } from '../../ui/form.ts';
import { adminScreenText } from '@portal/contract/admin/messages';
import { t } from '../../app/language.ts';

export interface ContactFormValues {
  contact: string;
  info: string;
  restricted: boolean;
  technical: boolean;
  billing: boolean;
  restriction: string;
}

export const emptyContact: ContactFormValues = {
  contact: '',
  info: '',
  restricted: false,
  technical: false,
  billing: false,
  restriction: '',
};

/** The contact fields as the calls send them: flags '1' or '0', the info text as `info`. */
export const toBody = (v: ContactFormValues) => ({
  contact: v.contact,
  info: v.info,
  restricted: v.restricted ? '1' : '0',
  technical: v.technical ? '1' : '0',
  billing: v.billing ? '1' : '0',
  restriction: v.restriction,
});

/**
 * Changing the current user on the add and edit screens returns to the contact list.
 * Returns true once the user has changed: the screen is leaving and loads nothing for the new user.
 */
export function useBackToListOnUserChange(): boolean {
  const { currentUser } = useSession();
  const navigate = useNavigate();
  const first = useRef(currentUser);
  const changed = currentUser !== first.current;
  useEffect(() => {
    if (changed) navigate(routePath('contacts'));
  }, [changed, navigate]);
  return changed;
}

/**
 * The add and edit form: name, three flags, info and restriction (both required).
 * `onSubmit` throws an ApiError on failure; its field errors are shown at the fields.
 */
export function ContactForm(props: {
  initial: ContactFormValues;
  submitLabel: string;
  tcid?: number;
  onSubmit: (values: ContactFormValues) => Promise<void>;
}) {
  const form = useForm<ContactFormValues>({
    initialValues: props.initial,
    validate: zodValidate(ContactFields),
  });
  const text = t(adminScreenText);
  const submit = form.onSubmit(async (values) => {
    try {
      await props.onSubmit(values);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.errors).length > 0) form.setErrors(err.errors);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      {props.tcid !== undefined && <input type="hidden" name="tcid" value={props.tcid} />}
      <Stack gap="sm" maw={640}>
        <TextInput
          label={text.contactName}
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('contact')}
        />
        <Group gap="lg">
          <Checkbox label={text.restricted} {...form.getInputProps('restricted', { type: 'checkbox' })} />
          <Checkbox
            label={text.technicalContact}
            {...form.getInputProps('technical', { type: 'checkbox' })}
          />
          <Checkbox label={text.billingContact} {...form.getInputProps('billing', { type: 'checkbox' })} />
        </Group>
        <Textarea
          label={text.info}
          withAsterisk
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('info')}
        />
        <Textarea
          label={text.restriction}
          withAsterisk
          autosize
          minRows={3}
          maxRows={10}
          {...form.getInputProps('restriction')}
        />
        <Group>
          <Button type="submit" loading={form.submitting}>
            {props.submitLabel}
          </Button>
          <Button component={Link} to={routePath('contacts')} variant="default">
            {text.contactList}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
