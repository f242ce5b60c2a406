// The form state of one dated record: the contract's create schema (the person's id rides in
// the values, so the server's /validate knows whose form it is), then /validate, then POST for
// a new record or PUT (without the person's id) for an existing one.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as v from 'valibot';
import { showSuccessToast } from '../../../../client/shell/toasts';
import { useForm, validateOnServer, type Draft } from '../../../../client/ui/use-form';
import type { EmploymentRecordResource } from '../../employment-records.contract';
import { saveRecordMutationOptions } from './employment-records.api';

type Options<TSchema extends v.GenericSchema> = {
  resource: EmploymentRecordResource;
  schema: TSchema;
  initialValues: Draft<v.InferInput<TSchema>>;
  /** The record being changed; null adds one. */
  id: string | null;
  /** Lower case: "contract". */
  noun: string;
  onDone: () => void;
};

export function useRecordForm<TSchema extends v.GenericSchema>({ resource, schema, initialValues, id, noun, onDone }: Options<TSchema>) {
  const queryClient = useQueryClient();
  const save = useMutation(saveRecordMutationOptions(queryClient, resource));
  const capitalised = noun.charAt(0).toUpperCase() + noun.slice(1);
  return useForm({
    schema,
    initialValues,
    serverValidate: validateOnServer(resource),
    onSubmit: async (output) => {
      const { user_id: userId, ...fields } = output as { user_id: string } & Record<string, unknown>;
      await save.mutateAsync({ id, body: id ? fields : { user_id: userId, ...fields } });
      showSuccessToast({ message: id ? `${capitalised} saved.` : `${capitalised} added.` });
      onDone();
    },
  });
}
