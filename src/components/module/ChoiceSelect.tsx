/**
 * A form's choice of one record by name (a site, a plan, a member): a labelled select, "none"
 * first when the field may be empty, and the chosen record kept among the choices when the
 * list does not hold it (a site the picker's first page leaves out, a member since gone).
 */
import { useId } from 'react';
import { FieldError } from './RecordForm';
import type { FieldProblem } from './validation';

export interface ChoiceSelectProps {
  label: string;
  value: string | null;
  choices: readonly { id: string; name: string }[];
  /** The chosen record's name when the choices may not list it. */
  chosenName?: string | null;
  /** The empty choice's label; absent: a choice is required. */
  noneLabel?: string;
  onChange: (value: string | null) => void;
  /** The field's problem, shown below it and tied to it. */
  problem?: FieldProblem | undefined;
}

export function ChoiceSelect({ label, value, choices, chosenName = null, noneLabel, onChange, problem }: ChoiceSelectProps) {
  const id = useId();
  const errorId = useId();
  const listed = value !== null && value !== '' && !choices.some((c) => c.id === value) ? [{ id: value, name: chosenName ?? value }, ...choices] : choices;
  return (
    <>
      <label className="record-form-select" htmlFor={id}>
        {label}
        <select
          id={id}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value || null)}
          {...(problem === undefined ? {} : { 'aria-invalid': true, 'aria-describedby': errorId })}
        >
          {noneLabel !== undefined && <option value="">{noneLabel}</option>}
          {listed.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
      </label>
      <FieldError id={errorId} problem={problem} />
    </>
  );
}
