import { BrandMark, PRODUCT_NAME } from "../../../components/brand-mark";
import { Card, CardDescription, CardHeader } from "../../../components/ui/card";

export function LoginTestPage() {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-8 p-6">
      <title>{`Login Test · ${PRODUCT_NAME}`}</title>
      <BrandMark />
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-xl font-semibold tracking-tight">Login Test</h1>
          <CardDescription>
            A developer page for trying sign-in, checking the current session and signing out.
          </CardDescription>
        </CardHeader>
      </Card>
    </main>
  );
}
