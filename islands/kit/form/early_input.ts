/**
 * What a user typed into a server-rendered field before its island hydrated, or what a password
 * manager filled in then. Hydration keeps the text in the field, but React's state still holds the
 * server's value: the next render would write it back, and a submit would send it
 * (docs/decisions/0009-resource-recipe.md, "Forms"). Right after hydration — a layout effect, so
 * before anything renders again — `onTyped` gets every field under `ref` whose value is not the
 * one the server rendered, once.
 */
import { type RefObject, useLayoutEffect } from "react";

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

interface TypedField {
  field: FieldElement;
  /** The text typed, the option chosen, or a checkbox's checked state. */
  value: string | boolean;
}

/** The field's value when the user changed it from what the server rendered, else undefined. */
function typedValue(field: FieldElement): string | boolean | undefined {
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
    return field.checked !== field.defaultChecked ? field.checked : undefined;
  }
  if (field instanceof HTMLSelectElement) {
    const rendered = [...field.options].find((o) => o.defaultSelected) ?? field.options[0];
    return field.value !== (rendered?.value ?? "") ? field.value : undefined;
  }
  return field.value !== field.defaultValue ? field.value : undefined;
}

export function useTypedBeforeHydration(
  ref: RefObject<HTMLElement | null>,
  onTyped: (typed: TypedField[]) => void,
) {
  useLayoutEffect(() => {
    const fields = ref.current?.querySelectorAll<FieldElement>("input, select, textarea") ?? [];
    const typed = [...fields].flatMap((field) => {
      const value = typedValue(field);
      return value === undefined ? [] : [{ field, value }];
    });
    if (typed.length) onTyped(typed);
  }, []);
}
