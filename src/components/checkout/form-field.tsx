import {
  memo,
  useCallback,
  useDeferredValue,
  useId,
  useMemo,
  type ChangeEvent,
  type ComponentProps,
} from 'react';
import styled from 'styled-components';
import type { CheckoutFieldName } from '@machines/checkout-form';
import { selectFieldValue, selectIsProcessing } from '@machines/checkout-machine';
import { CheckoutActorContext } from '@/actors/checkout-actor';
import { theme } from '@/styles/theme';

/** Input attributes a {@link FormField} passes through (spec §3, §5: `required` is the only check). */
type InputAttributes = Pick<
  ComponentProps<'input'>,
  'type' | 'autoComplete' | 'inputMode' | 'placeholder' | 'required'
>;

/** Props of {@link FormField}. */
export interface FormFieldProps extends InputAttributes {
  /** The spec's field name (spec §3); also the input's `name`. */
  name: CheckoutFieldName;
  /** The visible label text, already translated. */
  label: string;
}

/**
 * One checkout form field (spec §2 'Checkout page', §3, §5): a visible `<label htmlFor>` and a
 * controlled `<input name>` whose value is read from the checkout machine and whose edits are sent as
 * `field.change`. Only the browser's native `required` check applies: no format or length checks.
 * Read-only while the order is processing (the machine ignores edits then). The value is never
 * logged, stored elsewhere or put in a URL.
 */
export function FormField({ name, label, type = 'text', ...inputAttributes }: FormFieldProps) {
  const id = useId();
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <FieldInput id={id} name={name} type={type} {...inputAttributes} />
    </Field>
  );
}

/**
 * The field's controlled input: the one part that re-renders on a keystroke in this field or when the
 * order starts processing (the label and wrapper do not).
 */
function FieldInput({
  id,
  name,
  ...inputAttributes
}: InputAttributes & { id: string; name: CheckoutFieldName }) {
  const selectValue = useMemo(() => selectFieldValue(name), [name]);
  const value = CheckoutActorContext.useSelector(selectValue);
  // Locked in a deferred render, after the frame that shows 'Processing...' (the tap's own feedback):
  // re-rendering and restyling every field inside the tap would slow it on a low-tier phone. The
  // machine ignores edits while processing in any case. The input is memoised with a stable
  // `onChange`, so the render that shows 'Processing...' (`isProcessing` still old) skips it.
  const isProcessing = useDeferredValue(CheckoutActorContext.useSelector(selectIsProcessing));
  const { send } = CheckoutActorContext.useActorRef();
  const onChange = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => send({ type: 'field.change', name, value: event.target.value }),
    [send, name],
  );
  return (
    <Input
      id={id}
      name={name}
      value={value}
      readOnly={isProcessing}
      onChange={onChange}
      {...inputAttributes}
    />
  );
}

const Field = styled.div`
  display: grid;
  gap: ${theme.space.xs};
  min-width: 0;
`;

const Label = styled.label`
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.medium};
`;

const Input = memo(styled.input`
  width: 100%;
  min-height: 48px;
  padding: 0.625rem 0.875rem;
  border: 1px solid ${theme.colour.textMuted};
  border-radius: ${theme.radius.md};
  background: ${theme.colour.surface};
  transition:
    border-color ${theme.motion.fast},
    box-shadow ${theme.motion.fast};

  &::placeholder {
    color: ${theme.colour.textMuted};
  }
  @media ${theme.media.hover} {
    &:hover {
      border-color: ${theme.colour.text};
    }
  }
  &:focus-visible {
    border-color: ${theme.colour.focus};
    outline-offset: 0;
  }
  &:read-only {
    background: ${theme.colour.surfaceMuted};
  }
`);
