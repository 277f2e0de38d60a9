import { useState } from 'react';
import { useForm } from '@mantine/form';
import type { z } from 'zod';
import { PROJECT_TEXT } from '@siteflow/core';
import { focusFirstInvalid } from '../../ui/focus';
import { notifySuccess } from '../../ui/notify';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { zodResolver } from '../../ui/zod-resolver';
import { useSaveSection, type Section, type SectionPayloads } from './api';
import { applyProjectErrors } from './form-errors';
import { checkAfterPress } from '../../ui/blur-validation';

/** The general message of a failed save: the mandatory-fields text plus what found no field. */
export const mandatoryWith = (leftover: string | null) => [PROJECT_TEXT.mandatory, leftover].filter(Boolean).join(' ');

type SendOptions = {
  /** Also told of the failure (after its messages are put beside the fields). */
  onFailed?: (error: Error) => void;
  /** The general message instead of the mandatory-fields text plus what found no field. */
  message?: (error: Error) => string;
};

/**
 * The edit form of one section of the project details screen: the form checked by the section's
 * contract, its save and the failure shown at its top (SaveFailed). `send` saves: a success says
 * so and leaves edit mode (onDone); a failure puts the server's messages beside `fields`.
 * `invalid` is what a submit refused by the contract does. Leaving the page with unsaved changes
 * asks first (`ui/unsaved-changes`); a save ends edit mode, so nothing asks after it.
 */
export function useSectionForm<Values extends Record<string, unknown>, S extends Section>({
  projectId,
  section,
  initialValues,
  contract,
  onDone,
  validateInputOnBlur = true,
}: {
  projectId: number;
  section: S;
  initialValues: Values;
  contract: z.ZodType;
  onDone: () => void;
  validateInputOnBlur?: boolean;
}) {
  const save = useSaveSection(projectId, section);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: zodResolver<Values>(contract),
    validateInputOnBlur,
    enhanceGetInputProps: checkAfterPress,
  });
  useUnsavedChangesGuard(form.isDirty());

  const send = (payload: SectionPayloads[S], fields: readonly string[], options: SendOptions = {}) => {
    setFailure(null);
    save.mutate(payload, {
      onSuccess: () => {
        notifySuccess(PROJECT_TEXT.saved);
        onDone();
      },
      onError: (error) => {
        const leftover = applyProjectErrors(form, error, fields);
        options.onFailed?.(error);
        setFailure(options.message ? options.message(error) : mandatoryWith(leftover));
      },
    });
  };

  const invalid = () => {
    setFailure(PROJECT_TEXT.mandatory);
    focusFirstInvalid();
  };

  return { form, failure, saving: save.isPending, send, invalid };
}
