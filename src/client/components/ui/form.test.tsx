import { renderToStaticMarkup } from "react-dom/server";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { Form } from "./form";
import { InputField } from "./form-field-kit";

interface Values {
  nome: string;
}

/** A one-field form whose field already has `message` as its error (as after a failed submit). */
function render(message?: string) {
  function Harness() {
    const form = useForm<Values>({ defaultValues: { nome: "" }, errors: message ? { nome: { type: "required", message } } : undefined });
    return (
      <Form {...form}>
        <InputField label="Nome" required control={form.control} name="nome" />
      </Form>
    );
  }
  const html = renderToStaticMarkup(<Harness />);
  const input = html.match(/<input[^>]*>/)![0];
  const attribute = (name: string) => input.match(new RegExp(`${name}="([^"]*)"`))?.[1];
  /** The text of the element with this id. */
  const textOf = (id: string) => html.match(new RegExp(`id="${id}"[^>]*>([^<]*)<`))?.[1];
  return { html, attribute, textOf };
}

describe("a form field", () => {
  it("is named by its label and, when invalid, described by its error message", () => {
    const { html, attribute, textOf } = render("Campo obrigatório");
    const id = attribute("id")!;
    expect(html).toContain(`for="${id}"`);
    expect(attribute("aria-invalid")).toBe("true");
    expect(attribute("aria-required")).toBe("true");
    const describedBy = attribute("aria-describedby")!.split(" ");
    expect(describedBy.map(textOf)).toContain("Campo obrigatório");
  });

  it("without an error is neither invalid nor described by a message", () => {
    const { attribute, html } = render();
    expect(attribute("aria-invalid")).toBeUndefined();
    expect(attribute("aria-describedby")).toBeUndefined();
    expect(html).not.toContain("-erro");
  });
});
