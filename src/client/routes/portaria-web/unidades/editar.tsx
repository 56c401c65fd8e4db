// Placeholder: to be built.
export default function Page() {
  return <h1 className="text-2xl font-bold">Editar Unidade</h1>;
}
