// Vite build of the web client. In development the API paths are proxied to the local server.
import type { IncomingMessage } from "node:http"
import tailwindcss from "@tailwindcss/vite"
import react from "@vitejs/plugin-react"
import { defineConfig } from "vite"
import { VitePWA } from "vite-plugin-pwa"
import { appShell } from "./build/app-shell.ts"

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`

/** Every path prefix the server answers; the rest belongs to the SPA. */
const apiPaths = [
  "/better-auth",
  "/entries",
  "/reads",
  "/subscriptions",
  "/feeds",
  "/collections",
  "/categories",
  "/lists",
  "/inboxes",
  "/settings",
  "/status",
  "/health",
  "/profiles",
  "/invitations",
  "/discover",
  "/ai",
  "/upload",
  "/actions",
]

/** Some prefixes (e.g. /settings) are both API calls and SPA pages: a browser page load gets index.html. */
function keepPageLoads(req: IncomingMessage): string | undefined {
  return req.headers.accept?.includes("text/html") ? "/index.html" : undefined
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    appShell.plugin,
    // The installable app (docs/operations.md): the manifest, and src/sw/sw.ts built after the bundle with the
    // list of files to precache injected (workbox-build's injectManifest). The page registers it itself
    // (app/service-worker.ts), after the first screen.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src/sw",
      filename: "sw.ts",
      injectRegister: false,
      manifest: {
        id: "/",
        name: "Tidings",
        short_name: "Tidings",
        description: "A feed reader: articles, social posts, pictures, videos and audio in one timeline.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        theme_color: "#f97316",
        background_color: "#f7f6f4",
        icons: [
          { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
          { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
          { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      injectManifest: {
        globPatterns: ["**/*.{html,js,css,woff2,wasm,png,svg,webmanifest}"],
        // The local database's sqlite3.wasm is the largest file the shell needs.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        manifestTransforms: [appShell.keepShell],
      },
    }),
  ],
  // The local database's worker imports sqlite-wasm as an ES module; its .wasm file is found next to it at run time,
  // which dependency pre-bundling would break.
  worker: { format: "es" },
  optimizeDeps: { exclude: ["@sqlite.org/sqlite-wasm"] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries that change rarely get their own long-cached chunks.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: "router", test: /node_modules[\\/]react-router[\\/]/ },
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: "i18n", test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: Object.fromEntries(apiPaths.map((path) => [path, { target: apiTarget, bypass: keepPageLoads }])),
  },
})
