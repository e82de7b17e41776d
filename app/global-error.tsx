"use client";

import { useEffect } from "react";

// Replaces the root layout when it fails, so it depends on nothing from it: no Tailwind, no theme
// provider. light-dark() follows the OS, the one theme signal that cannot have broken.
const page: React.CSSProperties = {
  colorScheme: "light dark",
  margin: 0,
  minHeight: "100dvh",
  display: "grid",
  placeItems: "center",
  fontFamily: "ui-sans-serif, system-ui, sans-serif",
  background: "light-dark(#fbfcf9, #0f1512)",
  color: "light-dark(#1a211d, #f0f3ef)",
};

const button: React.CSSProperties = {
  font: "inherit",
  fontWeight: 600,
  padding: "0.6rem 1.2rem",
  borderRadius: "0.5rem",
  border: "none",
  cursor: "pointer",
  background: "light-dark(#2f6b47, #8fd5a6)",
  color: "light-dark(#ffffff, #10231a)",
};

export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <html lang="en">
      <body style={page}>
        <title>Something went wrong · Groundwork</title>
        <main style={{ maxWidth: "32rem", padding: "2rem", textAlign: "center" }}>
          <h1 style={{ fontSize: "1.75rem", margin: "0 0 0.75rem" }}>Groundwork hit a snag</h1>
          <p style={{ lineHeight: 1.6, margin: "0 0 1.5rem", opacity: 0.85 }}>
            The page could not be shown. This is usually temporary — please try again.
          </p>
          <button type="button" style={button} onClick={() => retry()}>
            Try again
          </button>
        </main>
      </body>
    </html>
  );
}
