import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";

/** A shared schema a form validates with: its input is an object of fields. */
export type FormSchema = z.ZodType<unknown, FieldValues>;

/**
 * What the inputs of a form hold for a schema: every field present (the form starts them all);
 * a field the schema takes as text to read (`unknown`: a date, a number, an optional text, all
 * typed into a text input) and a choice of fixed values (a select that may start empty) are
 * strings; booleans and lists are what the schema takes.
 */
export type ZodFormValues<S extends FormSchema> = {
  [K in keyof z.input<S>]-?: FieldOf<z.input<S>[K]>;
};
type FieldOf<T> = unknown extends T ? string : NonNullable<T> extends string ? string : NonNullable<T>;

export type UseZodFormOptions<TValues extends FieldValues, TOutput> = Omit<UseFormProps<TValues, unknown, TOutput>, "resolver" | "defaultValues"> & {
  defaultValues: TValues;
  /** Applied to the values before the schema reads them (e.g. blank the fields a choice leaves out). */
  prepare?: (values: TValues) => TValues;
};

/**
 * react-hook-form over a shared zod schema: the one place that builds the resolver. The values
 * are typed from the schema's input (`ZodFormValues`, or `TValues` where a field holds something
 * else), the submitted data from its output. `schema` may be a loader, for a page that fetches
 * zod only when the form is used (the public pages' JS budget).
 */
export function useZodForm<S extends FormSchema, TValues extends FieldValues = ZodFormValues<S>>(
  schema: S | (() => Promise<S>),
  { prepare, defaultValues, ...options }: UseZodFormOptions<TValues, z.output<S>>,
): UseFormReturn<TValues, unknown, z.output<S>> {
  const resolver = useMemo(() => schemaResolver<S, TValues>(schema, prepare), [schema, prepare]);
  // Every field has its starting value (DefaultValues would let some start undefined).
  return useForm<TValues, unknown, z.output<S>>({ ...options, defaultValues: defaultValues as DefaultValues<TValues>, resolver });
}

function schemaResolver<S extends FormSchema, TValues extends FieldValues>(
  schema: S | (() => Promise<S>),
  prepare: ((values: TValues) => TValues) | undefined,
): Resolver<TValues, unknown, z.output<S>> {
  // The form's values are the schema's input as the inputs hold it (ZodFormValues): the resolver
  // hands them to the schema, whose output is what the form submits.
  type FormResolver = Resolver<TValues, unknown, z.output<S>>;
  let resolve: FormResolver | undefined = typeof schema === "function" ? undefined : (zodResolver(schema) as unknown as FormResolver);
  const load = typeof schema === "function" ? schema : undefined;
  return async (values, context, options) => {
    resolve ??= zodResolver(await load!()) as unknown as FormResolver;
    return resolve(prepare ? prepare(values) : values, context, options);
  };
}
