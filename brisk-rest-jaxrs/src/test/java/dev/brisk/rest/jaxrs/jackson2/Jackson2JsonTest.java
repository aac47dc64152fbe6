package dev.brisk.rest.jaxrs.jackson2;

import dev.brisk.rest.Brisk;
import dev.brisk.test.BriskServerExtension;
import dev.brisk.test.TestClient;
import dev.brisk.test.TestResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application written for Jersey's Jackson provider, over real sockets: its {@code ContextResolver} of a Jackson 2
 * {@code ObjectMapper} maps the types it answers for (naming strategy, Jackson 2's {@code @JsonSerialize}), other
 * types get Jackson 2's defaults as under Jersey, and bodies that do not fit are {@code 400}s described as for
 * Jackson 3. The same resource without the resolver keeps Brisk's Jackson 3 mapping, Jackson 2 on the class path
 * notwithstanding.
 */
class Jackson2JsonTest {

    @RegisterExtension
    static final BriskServerExtension JACKSON_2 = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new ParcelResource(), new SnakeCaseParcels()));

    @RegisterExtension
    static final BriskServerExtension JACKSON_3 = BriskServerExtension.of(() -> Brisk.server()
            .controllers(new ParcelResource()));

    @Test
    void theResolversMapperWritesWithItsNamingStrategyAndJackson2Serializers() {
        TestResponse parcel = JACKSON_2.client().get("/parcels").execute();

        assertThat(parcel.status()).isEqualTo(200);
        assertThat(parcel.header("content-type")).hasValue("application/json");
        assertThat(parcel.body()).isEqualTo("{\"tracking_code\":\"AB-12\",\"weight_grams\":800,"
                + "\"shipped_at\":\"1970-01-01T00:00:00.000+00:00\"}");
    }

    @Test
    void theResolversMapperReadsTheTypesItAnswersFor() {
        TestResponse received = JACKSON_2.client().post("/parcels").contentType("application/json")
                .body("{\"tracking_code\": \"cd-34\", \"weight_grams\": 120}").execute();

        assertThat(received.status()).isEqualTo(200);
        assertThat(received.body()).contains("\"received\":\"cd-34\"").contains("\"grams\":120");
    }

    @Test
    void aGenericTypeIsResolvedByItsRawTypeAsJerseyAsksTheResolver() {
        TestResponse batch = JACKSON_2.client().post("/parcels/batch").contentType("application/json")
                .body("[{\"trackingCode\": \"a\"}, {\"trackingCode\": \"b\"}]").execute();

        assertThat(batch.body()).as("List<Parcel>: the resolver is asked for List, gives no mapper").isEqualTo("2");
    }

    @Test
    void typesTheResolverDoesNotAnswerForGetJackson2sDefaultsAsUnderJersey() {
        TestClient client = JACKSON_2.client();

        assertThat(client.get("/parcels/receipt").execute().body()).as("dates as timestamps, Jackson 2's default")
                .isEqualTo("{\"parcel\":\"ab-12\",\"signedAt\":0}");
        assertThat(client.post("/parcels/receipt").contentType("application/json")
                .body("{\"parcel\": \"ef-56\", \"signedAt\": 0}").execute().body()).isEqualTo("ef-56");
    }

    @Test
    void malformedJsonIsABadRequestSayingWhere() {
        TestResponse malformed = JACKSON_2.client().post("/parcels").contentType("application/json")
                .body("{\"tracking_code\": ").execute();
        TestResponse notJson = JACKSON_2.client().post("/parcels").contentType("application/json")
                .body("Malformed json string.").execute();

        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.body()).contains("malformed JSON at line 1").doesNotContain("jackson");
        assertThat(notJson.status()).isEqualTo(400);
        assertThat(notJson.body()).contains("malformed JSON at line 1, column 1");
    }

    @Test
    void aBodyThatDoesNotFitItsTypeIsABadRequestNamingTheProperty() {
        TestClient client = JACKSON_2.client();

        TestResponse unknown = client.post("/parcels").contentType("application/json")
                .body("{\"tracking_code\": \"x\", \"colour\": \"red\"}").execute();
        TestResponse mismatch = client.post("/parcels").contentType("application/json")
                .body("{\"weight_grams\": \"heavy\"}").execute();
        TestResponse array = client.post("/parcels/batch").contentType("application/json")
                .body("{\"tracking_code\": \"x\"}").execute();
        TestResponse trailing = client.post("/parcels").contentType("application/json")
                .body("{\"tracking_code\": \"x\"} {").execute();

        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.body()).contains("unknown property 'colour'");
        assertThat(mismatch.status()).isEqualTo(400);
        assertThat(mismatch.body()).contains("invalid value for 'weight_grams': expected a number");
        assertThat(array.status()).isEqualTo(400);
        assertThat(array.body()).contains("the body must be an array");
        assertThat(trailing.status()).as("as Jersey's provider reads: the whole body").isEqualTo(400);
        assertThat(trailing.body()).contains("content after the JSON value at line 1");
    }

    @Test
    void withoutAJackson2ResolverJsonIsJackson3sAsBefore() {
        TestClient client = JACKSON_3.client();

        assertThat(client.get("/parcels").execute().body()).as("Jackson 2's @JsonSerialize is not read; ISO dates")
                .isEqualTo("{\"trackingCode\":\"ab-12\",\"weightGrams\":800,"
                        + "\"shippedAt\":\"1970-01-01T00:00:00.000Z\"}");
        assertThat(client.get("/parcels/receipt").execute().body())
                .isEqualTo("{\"parcel\":\"ab-12\",\"signedAt\":\"1970-01-01T00:00:00.000Z\"}");
        assertThat(client.post("/parcels").contentType("application/json").body("{\"tracking_code\": \"x\"}")
                .execute().body()).contains("unknown property 'tracking_code'");
    }
}
