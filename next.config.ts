import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // The header names the framework to anyone who asks; there is no reason to advertise it.
  poweredByHeader: false,
};

export default nextConfig;
