/**
 * The add and edit news dialog (administrators): title, content, level and public, validated with
 * the server's NewsWriteSchema (loaded on demand). Errors show only after a submit attempt and an
 * invalid form is never sent. The backdrop is static and Escape does nothing: Cancel or Save.
 * On success a toast (portal-shell §8) and `onSaved`; on failure a danger toast with the server's
 * message, and the dialog stays open.
 */
import { useId, useLayoutEffect } from "react";
import { Dialog } from "../kit/dialog/Dialog.tsx";
import { Field, useZodForm } from "../kit/form/form.tsx";
import { PromiseButton, usePromiseState } from "../kit/form/PromiseButton.tsx";
import { call, client, messageOf } from "../runtime/api.ts";
import { toast } from "../runtime/toasts.ts";
import { DEFAULT_NEWS_LEVEL, NEWS_LEVELS, type NewsLevel } from "../../openapi/enums.ts";
import { NEWS_MESSAGES } from "../../openapi/schemas/messages.ts";
import type { NewsItem, NewsWriteInput } from "../../openapi/schemas/news.ts";
import { LEVEL_LABELS } from "./news_level.tsx";

const loadSchema = () => import("../../openapi/schemas/news.ts").then((m) => m.NewsWriteSchema);

const EMPTY: NewsWriteInput = { title: "", content: "", level: DEFAULT_NEWS_LEVEL, public: 0 };

const valuesOf = (item: NewsItem | null): NewsWriteInput =>
  item
    ? { title: item.title, content: item.content, level: item.level, public: item.public }
    : EMPTY;

interface NewsDialogProps {
  open: boolean;
  /** The item to edit; null to add one. */
  item: NewsItem | null;
  onClose: () => void;
  /** After a successful save (the dialog has closed). */
  onSaved: (item: NewsItem) => void;
}

export function NewsDialog({ open, item, onClose, onSaved }: NewsDialogProps) {
  const form = useZodForm(loadSchema, valuesOf(item));
  const save = usePromiseState();
  const formId = useId();
  // Each opening starts from the item's values (or an empty form), errors hidden. A layout
  // effect: the reset lands before the browser paints the opened dialog, never a frame later.
  useLayoutEffect(() => {
    if (open) form.reset(valuesOf(item));
  }, [open, item]);

  const submit = form.onSubmit(async (data) => {
    let saved: NewsItem;
    try {
      saved = await save.run(() =>
        item
          ? call(client.POST("/rest/news/edit", { body: { ...data, id: item.id } }))
          : call(client.POST("/rest/news/add", { body: data }))
      );
    } catch (e) {
      toast("error", messageOf(e));
      return;
    }
    toast("success", item ? NEWS_MESSAGES.edited : NEWS_MESSAGES.created);
    onClose();
    onSaved(saved);
  });

  const { values, errors } = form;
  return (
    <Dialog
      open={open}
      title={item ? "Edit news" : "Add news"}
      onClose={onClose}
      dismissible={false}
      wide
      footer={
        <>
          <button type="button" className="secondary" onClick={onClose}>Cancel</button>
          <PromiseButton type="submit" form={formId} state={save.state}>
            Save
          </PromiseButton>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} data-news-form="">
        <Field label="Title" name="news-title" error={errors.title}>
          {(p) => (
            <input
              {...p}
              type="text"
              autoComplete="off"
              value={values.title ?? ""}
              onChange={(e) => form.set("title", e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label="Content" name="news-content" error={errors.content} hint="Plain text">
          {(p) => (
            <textarea
              {...p}
              rows={8}
              value={values.content ?? ""}
              onChange={(e) => form.set("content", e.currentTarget.value)}
            />
          )}
        </Field>
        <Field label="Level" name="news-level" error={errors.level}>
          {(p) => (
            <select
              {...p}
              value={values.level ?? DEFAULT_NEWS_LEVEL}
              onChange={(e) => form.set("level", e.currentTarget.value as NewsLevel)}
            >
              {NEWS_LEVELS.map((l) => <option key={l} value={l}>{LEVEL_LABELS[l]}</option>)}
            </select>
          )}
        </Field>
        <label htmlFor={`${formId}-public`}>
          <input
            id={`${formId}-public`}
            name="news-public"
            type="checkbox"
            role="switch"
            checked={values.public === 1}
            onChange={(e) => form.set("public", e.currentTarget.checked ? 1 : 0)}
            aria-invalid={errors.public ? "true" : undefined}
          />
          Public: every signed-in user reads it (otherwise administrators only)
        </label>
        {errors.public && <small className="field-error" role="alert">{errors.public}</small>}
      </form>
    </Dialog>
  );
}
