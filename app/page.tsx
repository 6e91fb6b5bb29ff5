export default function HomePage() {
  return <main className="p-8">Snap Board</main>;
}
